/** A Server-Sent Events client over fetch for the /events contract tests. */

export interface Received {
  id?: string;
  event?: string;
  data?: { kind: string; id: string | null; op: string };
  comment?: string;
}

/** An SSE client over fetch that keeps every message, so a test can wait for one and look at all of them. */
export function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const received: Received[] = [];
  let status = 0;
  let notify: (() => void) | undefined;
  const ready = fetch(url, { headers, signal: controller.signal }).then(async (response) => {
    status = response.status;
    if (!response.ok || !response.body) return response;
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const message: Received = {};
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) message.comment = line.slice(1).trim();
              else if (line.startsWith('id: ')) message.id = line.slice(4);
              else if (line.startsWith('event: ')) message.event = line.slice(7);
              else if (line.startsWith('data: ')) message.data = JSON.parse(line.slice(6));
            }
            received.push(message);
            notify?.();
          }
        }
      } catch {
        // aborted by the test
      }
    })();
    return response;
  });
  const changes = () => received.filter((m) => m.data).map((m) => m.data as NonNullable<Received['data']>);
  return {
    ready,
    received,
    changes,
    get status() {
      return status;
    },
    /** Resolves once a message matches, within ms. */
    async waitFor(match: (m: Received) => boolean, ms = 5000): Promise<Received> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no matching event in ${ms} ms: ${JSON.stringify(received)}`);
        await new Promise<void>((resolve) => {
          notify = resolve;
          setTimeout(resolve, 50);
        });
      }
    },
    close: () => controller.abort(),
  };
}
