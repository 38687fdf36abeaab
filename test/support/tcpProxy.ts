import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of a real service (PostgreSQL, Redis …) that a test can break:
 * `reset()` cuts every open connection with a TCP reset (a restart, a failover, a proxy dropping
 * idle links); `pause()` stops passing bytes both ways and holds new connections unanswered (a
 * stalled network or a hung server) until `resume()`.
 */
export class TcpProxy {
  private readonly pairs = new Set<{ client: net.Socket; upstream: net.Socket | null }>();
  private paused = false;

  private constructor(
    private readonly server: net.Server,
    private readonly target: { host: string; port: number },
  ) {
    server.on('connection', (client) => this.accept(client));
  }

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const server = net.createServer();
    const proxy = new TcpProxy(server, target);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** How many client connections are open through the proxy. */
  get connections(): number {
    return this.pairs.size;
  }

  reset(): void {
    for (const pair of this.pairs) {
      pair.client.resetAndDestroy();
      pair.upstream?.resetAndDestroy();
    }
    this.pairs.clear();
  }

  pause(): void {
    this.paused = true;
    for (const { client, upstream } of this.pairs) {
      client.pause();
      upstream?.pause();
    }
  }

  resume(): void {
    this.paused = false;
    for (const pair of this.pairs) {
      if (pair.upstream) {
        pair.client.resume();
        pair.upstream.resume();
      } else {
        this.connect(pair);
      }
    }
  }

  async close(): Promise<void> {
    this.reset();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: net.Socket): void {
    const pair = { client, upstream: null as net.Socket | null };
    this.pairs.add(pair);
    const drop = () => {
      this.pairs.delete(pair);
      client.destroy();
      pair.upstream?.destroy();
    };
    client.on('error', drop);
    client.on('close', drop);
    // Held unanswered while paused: the client's connect timeout is what ends it.
    if (this.paused) client.pause();
    else this.connect(pair);
  }

  private connect(pair: { client: net.Socket; upstream: net.Socket | null }): void {
    const upstream = net.connect(this.target.port, this.target.host);
    pair.upstream = upstream;
    upstream.on('error', () => pair.client.destroy());
    upstream.on('close', () => pair.client.destroy());
    pair.client.pipe(upstream);
    upstream.pipe(pair.client);
    pair.client.resume();
  }
}
