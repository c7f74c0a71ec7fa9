/** A minimal SSE reader over fetch: calls `onEvent(kind, data)` for each event with data. */
export async function openEventStream(
  url: string,
  onEvent: (kind: string, data: string) => void,
): Promise<AbortController> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  if (response.status !== 200) throw new Error(`stream: ${response.status}`);
  void (async () => {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let kind = 'message';
          let data: string | null = null;
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) kind = line.slice(7);
            else if (line.startsWith('data: ')) data = line.slice(6);
          }
          if (data !== null) onEvent(kind, data);
        }
      }
    } catch {
      // aborted
    }
  })();
  return controller;
}
