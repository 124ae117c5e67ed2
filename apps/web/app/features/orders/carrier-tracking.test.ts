import { describe, expect, it } from 'vitest';
import { carrierTracking } from './carrier-tracking';

describe('carrierTracking', () => {
  it.each([
    [
      'Royal Mail',
      'RM123456789GB',
      'https://www.royalmail.com/track-your-item#/tracking-results/RM123456789GB',
    ],
    ['Parcelforce', 'PBGB1234567001', 'https://www.parcelforce.com/track-trace?trackNumber=PBGB1234567001'],
    ['DPD', '15501234567890', 'https://track.dpd.co.uk/parcels/15501234567890'],
    ['DHL', '1234567890', 'https://www.dhl.com/gb-en/home/tracking.html?tracking-id=1234567890'],
    ['UPS', '1Z999AA10123456784', 'https://www.ups.com/track?loc=en_GB&tracknum=1Z999AA10123456784'],
    ['FedEx', '449044304137821', 'https://www.fedex.com/fedextrack/?trknbr=449044304137821'],
    ['Evri', 'H01HYA0051234567', 'https://www.evri.com/track/parcel/H01HYA0051234567/details'],
  ])('links %s to its tracking page', (carrier, number, url) => {
    expect(carrierTracking(carrier, number)).toEqual({ carrier, url });
  });

  it.each([
    ['royal mail', 'Royal Mail'],
    ['Royal Mail Tracked 24', 'Royal Mail'],
    ['ROYAL-MAIL', 'Royal Mail'],
    ['DPD Local', 'DPD'],
    ['DHL Parcel UK', 'DHL'],
    ['Parcelforce Worldwide', 'Parcelforce'],
    ['Hermes', 'Evri'],
    [' fedex ', 'FedEx'],
  ])('knows %j as %s, whatever the case, spaces and service name', (typed, carrier) => {
    expect(carrierTracking(typed, 'X1')?.carrier).toBe(carrier);
  });

  it('encodes the number, so it cannot change the address', () => {
    expect(carrierTracking('DPD', ' 155 01/2?x=1#a ')?.url).toBe(
      'https://track.dpd.co.uk/parcels/155%2001%2F2%3Fx%3D1%23a',
    );
  });

  it.each([
    ['an unknown carrier', 'Bob’s Van Hire', 'AB123'],
    ['no carrier', null, 'AB123'],
    ['an empty carrier', '  ', 'AB123'],
    ['no tracking number', 'Royal Mail', null],
    ['a blank tracking number', 'Royal Mail', '   '],
  ])('gives no link for %s', (_case, carrier, number) => {
    expect(carrierTracking(carrier, number)).toBeNull();
  });
});
