import { ORDER_MESSAGES } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { InvalidOrdersResponse, ordersFailure, ordersPageOf } from './get-orders';
import { order } from '~test/fake-checkout';
import { ApiError, normaliseErrorResponse } from '~/lib/api-client';

describe('ordersPageOf', () => {
  it('reads a DRF page and a plain array alike', () => {
    expect(
      ordersPageOf({ count: 30, next: '/api/orders/?page=2', previous: null, results: [order()] }),
    ).toEqual({ orders: [order()], next: '/api/orders/?page=2' });
    expect(ordersPageOf([order()])).toEqual({ orders: [order()], next: null });
    expect(ordersPageOf({ results: [], next: null })).toEqual({ orders: [], next: null });
  });

  it.each([null, 'orders', 42, {}, { results: 'many' }, { detail: 'x' }])('refuses %o as neither', (body) => {
    expect(() => ordersPageOf(body)).toThrow(InvalidOrdersResponse);
    expect(() => ordersPageOf(body)).toThrow(ORDER_MESSAGES.invalidResponse);
  });
});

describe('ordersFailure', () => {
  it('says why the orders could not be shown, in the spec’s words', () => {
    expect(ordersFailure(new InvalidOrdersResponse())).toBe(ORDER_MESSAGES.invalidResponse);
    expect(ordersFailure(new ApiError({ kind: 'response', status: 401, message: 'x' }))).toBe(
      ORDER_MESSAGES.loginToView,
    );
    expect(ordersFailure(normaliseErrorResponse(500, undefined))).toBe(ORDER_MESSAGES.loadFailed);
    expect(ordersFailure(new ApiError({ kind: 'network', message: 'x' }))).toBe(ORDER_MESSAGES.loadFailed);
  });
});
