import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, JsonLd, serializeJsonLd } from './json-ld';
import { NonceProvider } from './nonce';

describe('serializeJsonLd', () => {
  it('cannot close its script block or open a comment in it', () => {
    const json = serializeJsonLd({ name: '</script><script>alert(1)</script><!--' });
    expect(json).not.toMatch(/[<>]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script><!--' });
  });

  it('escapes ampersands and the line separators JavaScript rejects, and still parses back', () => {
    const value = { name: 'Fish & chips\u2028boxes\u2029' };
    const json = serializeJsonLd(value);
    expect(json).not.toMatch(/[&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('JsonLd', () => {
  it('writes a JSON-LD data block with the request nonce', () => {
    const { container } = render(
      <NonceProvider value="abc123">
        <JsonLd data={breadcrumbJsonLd('https://shop.test', [{ name: 'Home <b>', path: '/' }])} />
      </NonceProvider>,
    );
    const script = container.querySelector('script')!;
    expect(script).toHaveAttribute('type', 'application/ld+json');
    expect(script).toHaveAttribute('nonce', 'abc123');
    expect(script.innerHTML).not.toContain('<b>');
    expect(JSON.parse(script.textContent!).itemListElement[0]).toEqual({
      '@type': 'ListItem',
      position: 1,
      name: 'Home <b>',
      item: 'https://shop.test/',
    });
  });
});
