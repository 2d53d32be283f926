import ipaddr from 'ipaddr.js';

/**
 * Whether a webhook may reach an address (issue 29): private, loopback, link-local and other
 * non-public addresses are refused unless WEBHOOK_PRIVATE_TARGETS allows them, so the service
 * cannot be used to reach hosts inside its own network. The target URL's host is checked when an
 * endpoint is written (an address or a local name), and every address it resolves to is checked
 * again right before each sendout connects (a name may resolve anywhere, and change).
 */

/** Why an IP address is not public, or undefined when it is. */
export function nonPublicAddress(address: string): string | undefined {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return 'is not an IP address';
  }
  const range = parsed.range();
  return range === 'unicast' ? undefined : `is a ${range} address`;
}

/** Names that always mean this machine or its local network, whatever a resolver says. */
function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || name.endsWith('.local') || name.endsWith('.internal') || !name.includes('.');
}

/** Why the URL's host is not a public one (checked without resolving it), or undefined. */
export function privateTargetReason(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) {
    const reason = nonPublicAddress(host);
    return reason && `${host} ${reason}`;
  }
  return isLocalName(host) ? `${host} is a local host name` : undefined;
}
