/** One Server-Sent Event as EventSource parses it (a comment line is kept as `comment`). */
export type SseEvent = { event?: string; data?: string; id?: string; comment?: string };

/** Opens a text/event-stream answer with fetch and collects its events, as EventSource would. */
export async function openStream(url: string) {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  const events: SseEvent[] = [];
  let isEnded = false;
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (done) return void (isEnded = true);
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const event: SseEvent = {};
          for (const line of buffer.slice(0, end).split('\n')) {
            if (line.startsWith(':')) event.comment = line.slice(1).trim();
            else if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) event.data = line.slice(6);
            else if (line.startsWith('id: ')) event.id = line.slice(4);
          }
          events.push(event);
          buffer = buffer.slice(end + 2);
        }
      }
    })();
  }
  return { res, events, isEnded: () => isEnded, close: () => controller.abort() };
}
