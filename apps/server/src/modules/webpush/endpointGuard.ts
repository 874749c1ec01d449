import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * A push service is a public https server (the browsers' own: FCM, Mozilla's, Apple's). Without this,
 * anyone could subscribe an endpoint on this machine or its network, and the server would POST to it
 * whenever they got a message (a request forgery reaching loopback, private and cloud-metadata addresses).
 */

/** Whether `address` (an IP) is a public unicast address: not loopback, private, link-local, reserved... */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  const ip = parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
  return ip.range() === 'unicast';
}

/** Whether a subscription's endpoint may be kept: https, and a host that is a public address or a name (checked again when sending). */
export function isPublicEndpoint(endpoint: string): boolean {
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) return isPublicAddress(host);
  return host.includes('.') && !/(^|\.)localhost\.?$/i.test(host);
}

/**
 * `dns.lookup` for the push sockets, which fails for a name with any address that is not public:
 * a name checked at subscribing may point somewhere else by the time a push goes out.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const inside = addresses.find((a) => !isPublicAddress(a.address));
    if (inside || addresses.length === 0) {
      const refused = Object.assign(new Error(`${hostname} is at ${inside?.address ?? 'no address'}, not a public address`), { code: 'ENOTPUBLIC' });
      return callback(refused, '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, all: dns.LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};
