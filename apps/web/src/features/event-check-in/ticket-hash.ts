/** Hex SHA-256 of a scanned ticket token, as the server's list carries it (issue 19). */
export async function ticketHashOf(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
