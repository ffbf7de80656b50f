/**
 * One export download in a process of its own: node bench/lib/export-download.ts <url> <token>
 * prints {status, bytes, seconds}. Read in the benchmark's own process, after autocannon's
 * list load, the same download took half as long again as in a fresh process, so the client
 * is kept apart from the load generator (docs/performance.md "Export").
 */
const [url, token] = process.argv.slice(2);
export {};
const started = performance.now();
const res = await fetch(url!, { headers: { authorization: `Bearer ${token}` } });
let bytes = 0;
const reader = res.body!.getReader();
for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.length;
console.log(JSON.stringify({ status: res.status, bytes, seconds: (performance.now() - started) / 1000 }));
