import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { HOSTS, type HostName } from './env';

/**
 * The shop's customer-facing app (mini-program/H5, outside this product) as the intake sees it:
 * every call signed with an application key the owner made (createIntakeKey), as docs/orders.md
 * ("Intake") describes: hex HMAC-SHA256 of `METHOD\npath?query\ntimestamp\nnonce\nsha256(body)`.
 */
interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export class IntakeApp {
  constructor(
    private readonly request: APIRequestContext,
    private readonly host: HostName,
    private readonly appId: string,
    private readonly secret: string,
  ) {}

  private headers(method: string, pathWithQuery: string, body: string) {
    const timestamp = Math.floor(Date.now() / 1000).toString();
    const nonce = randomBytes(12).toString('hex');
    const digest = createHash('sha256').update(body).digest('hex');
    const message = [method, pathWithQuery, timestamp, nonce, digest].join('\n');
    const origin = new URL(HOSTS[this.host]);
    return {
      Host: origin.host,
      'Content-Type': 'application/json',
      'X-App-Id': this.appId,
      'X-Timestamp': timestamp,
      'X-Nonce': nonce,
      'X-Signature': createHmac('sha256', this.secret).update(message).digest('hex'),
    };
  }

  private url(pathWithQuery: string) {
    return `http://127.0.0.1:${new URL(HOSTS[this.host]).port}${pathWithQuery}`;
  }

  async post<T>(path: string, data: unknown): Promise<T> {
    const body = JSON.stringify(data);
    const response = await this.request.post(this.url(path), { headers: this.headers('POST', path, body), data: body });
    return IntakeApp.read<T>(await response.json(), path);
  }

  async get<T>(path: string, params: Record<string, string>): Promise<T> {
    const pathWithQuery = `${path}?${new URLSearchParams(params).toString()}`;
    const response = await this.request.get(this.url(pathWithQuery), { headers: this.headers('GET', pathWithQuery, '') });
    return IntakeApp.read<T>(await response.json(), path);
  }

  private static read<T>(body: Envelope<T>, path: string): T {
    if (body.code !== 200) throw new Error(`${path}: code ${body.code} ${body.msg} ${JSON.stringify(body.data)}`);
    return body.data;
  }
}
