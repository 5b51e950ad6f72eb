/** @jest-environment node */
import { IdentityLimiter } from '@/lib/embedded-backend/identity-limiter';

/** A request that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, run: async () => (await opened, new Response('ok')) };
}

describe('IdentityLimiter (issue 31 item 7)', () => {
  it('runs one identity’s requests one at a time, in order, without holding up another identity', async () => {
    const limiter = new IdentityLimiter({ concurrent: 1, queued: 4, retryAfterSeconds: 2 });
    const order: string[] = [];
    const first = gate();
    const a1 = limiter.run('guest', async () => (order.push('a1'), first.run()));
    const a2 = limiter.run('guest', async () => (order.push('a2'), new Response('ok')));
    const b1 = limiter.run('viewer', async () => (order.push('b1'), new Response('ok')));
    await b1;
    // The viewer was served while the guest's first request still ran and its second waited in the guest's queue.
    expect(order).toEqual(['a1', 'b1']);
    expect(limiter.load('guest')).toEqual({ active: 1, waiting: 1 });
    first.open();
    await Promise.all([a1, a2]);
    expect(order).toEqual(['a1', 'b1', 'a2']);
    expect(limiter.load('guest')).toEqual({ active: 0, waiting: 0 });
  });

  it('answers 429 with Retry-After once the identity’s queue is full, in the shape of the route', async () => {
    const limiter = new IdentityLimiter({ concurrent: 1, queued: 2, retryAfterSeconds: 3 });
    const running = gate();
    const held = [
      limiter.run('guest', running.run),
      limiter.run('guest', running.run),
      limiter.run('guest', running.run),
    ];
    const refused = await limiter.run('guest', running.run, 'postgrest');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('3');
    expect(await refused.json()).toMatchObject({
      code: '53400',
      message: expect.stringMatching(/try again in 3 seconds/),
    });
    const native = await limiter.run('guest', running.run);
    expect(await native.json()).toMatchObject({ error: 'too many requests' });
    // Another identity is not refused.
    expect((await limiter.run('viewer', async () => new Response('ok'))).status).toBe(200);
    running.open();
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it('frees the slot when a request throws', async () => {
    const limiter = new IdentityLimiter({ concurrent: 1, queued: 1, retryAfterSeconds: 1 });
    await expect(limiter.run('guest', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await limiter.run('guest', async () => new Response('ok'))).status).toBe(200);
    expect(limiter.load('guest')).toEqual({ active: 0, waiting: 0 });
  });
});
