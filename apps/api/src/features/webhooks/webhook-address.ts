import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * SSRF guard of webhook addresses (docs/decisions/webhooks.md): https only, and never to an
 * address of the association's own network. A host name is resolved and EVERY address it
 * resolves to must be public unicast; the delivery then connects to the checked address (not
 * the name again), so DNS cannot answer differently between the check and the connection.
 * Hosts on the operator's allow-list (WEBHOOK_ALLOWED_HOSTS, host or host:port) skip the check
 * and may use http.
 */
export type CheckedAddress = { url: URL; address: string; family: 4 | 6 };
export type AddressRefusal = 'notHttps' | 'unresolvable' | 'privateAddress';
export class AddressRefused extends Error {
  constructor(readonly reason: AddressRefusal) {
    super(reason);
    this.name = 'AddressRefused';
  }
}

const defaultPort = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

function isAllowListed(url: URL, allowedHosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase();
  return allowedHosts.includes(host) || allowedHosts.includes(`${host}:${defaultPort(url)}`);
}

/** Only public unicast: loopback, private, link-local (metadata), CGNAT, unique-local, reserved... are refused. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() reads an IPv4-mapped IPv6 address (::ffff:10.0.0.1) as the IPv4 address it is.
  return ipaddr.process(address).range() === 'unicast';
}

/** Resolves and checks the URL's host; throws AddressRefused. */
export async function checkWebhookAddress(
  rawUrl: string,
  allowedHosts: readonly string[],
  resolve: typeof lookup = lookup,
): Promise<CheckedAddress> {
  const url = new URL(rawUrl);
  const allowed = isAllowListed(url, allowedHosts);
  if (url.protocol !== 'https:' && !(allowed && url.protocol === 'http:')) throw new AddressRefused('notHttps');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await resolve(host, { all: true, verbatim: true });
    } catch {
      throw new AddressRefused('unresolvable');
    }
  }
  if (addresses.length === 0) throw new AddressRefused('unresolvable');
  if (!allowed && !addresses.every((a) => isPublicAddress(a.address))) throw new AddressRefused('privateAddress');
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
