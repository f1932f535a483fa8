import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { HOSTS, PASSWORD, type HostName } from './env';

/**
 * Goods set-up through the API, via the app's /api proxy. Node does not resolve *.localhost as
 * Chromium does, so requests go to 127.0.0.1 and name their side/tenant in the Host header.
 */
interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

function target(host: HostName, path: string) {
  const origin = new URL(HOSTS[host]);
  return { url: `http://127.0.0.1:${origin.port}${path}`, headers: { Host: origin.host } };
}

async function answer<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, path: string): Promise<T> {
  const body = (await response.json()) as Envelope<T>;
  if (body.code !== 200) throw new Error(`${path}: code ${body.code} ${body.msg} ${JSON.stringify(body.data)}`);
  return body.data;
}

export class GoodsApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly host: HostName,
    private readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext, host: HostName, username: string): Promise<GoodsApi> {
    const path = '/api/platform/mainLand';
    const { url, headers } = target(host, path);
    const data = await answer<{ token: string }>(await request.post(url, { headers, data: { username, password: PASSWORD } }), path);
    return new GoodsApi(request, host, data.token);
  }

  async get<T>(path: string, params?: Record<string, string | number>): Promise<T> {
    const { url, headers } = target(this.host, path);
    return answer<T>(await this.request.get(url, { headers: { ...headers, 'jwt-token': this.token }, params }), path);
  }

  async post<T>(path: string, data: unknown): Promise<T> {
    const { url, headers } = target(this.host, path);
    return answer<T>(await this.request.post(url, { headers: { ...headers, 'jwt-token': this.token }, data }), path);
  }

  async uploadPicture(file: string): Promise<string> {
    const path = '/api/getPicUrl';
    const { url, headers } = target(this.host, path);
    const response = await this.request.post(url, {
      headers: { ...headers, 'jwt-token': this.token },
      multipart: { file: { name: 'goods-picture.png', mimeType: 'image/png', buffer: readFileSync(file) } },
    });
    return (await answer<{ url: string }>(response, path)).url;
  }

  /**
   * Goods on shelf in two colours (黑色 stock 3, 白色 stock 2) with the fixture picture, their
   * codes `<prefix>-<stamp>`, `<prefix>-B-<stamp>` and `<prefix>-W-<stamp>`.
   */
  async createInTwoColours(title: string, prefix: string, stamp: string): Promise<{ id: number; status: string }> {
    const picture = await this.uploadPicture(fileURLToPath(new URL('../fixtures/goods-picture.png', import.meta.url)));
    return this.createOnShelf({
      title,
      code: `${prefix}-${stamp}`,
      picture,
      skus: [
        { specs: { 颜色: '黑色' }, code: `${prefix}-B-${stamp}`, stock: 3 },
        { specs: { 颜色: '白色' }, code: `${prefix}-W-${stamp}`, stock: 2 },
      ],
    });
  }

  /**
   * Complete goods (by default one SKU with stock 3; one rent plan per SKU; a picture) saved and
   * put on shelf.
   */
  async createOnShelf(goods: {
    title: string;
    code: string;
    picture: string;
    skus?: { specs: Record<string, string>; code: string; stock: number }[];
    /** The goods become the customer's at buyout (a buyout is allowed). */
    ownership?: boolean;
  }): Promise<{ id: number; status: string }> {
    const skus = goods.skus ?? [{ specs: {}, code: goods.code, stock: 3 }];
    const classes = await this.get<{ id: number; path: string }[]>('/api/platform/getGoodsClass');
    const leaf = classes[0];
    if (!leaf) throw new Error('no enabled leaf category');
    return this.post('/api/platform/saveAndActiveGoods', {
      title: goods.title,
      category_id: leaf.id,
      brand: 'E2E',
      fineness: '99',
      pictures: [goods.picture],
      description: '<p>E2E 审核流程商品</p>',
      channels: [],
      sub_shop_ids: [],
      sort: 0,
      spu_list: skus,
      rent_list: skus.map((_, index) => ({ sku_index: index, term: 6, term_unit: 'month', rent: '88.00', deposit: '200.00', buyout_price: '900.00', ownership_transfer: goods.ownership ?? false })),
      sell_list: [],
      package_list: [],
    });
  }

  /** A sub-shop of the signed-in merchant (store side). */
  createSubShop(name: string) {
    return this.post<{ id: number; name: string }>('/api/backend/createSubShop', { name });
  }

  async merchantId(name: string): Promise<number> {
    const shops = await this.get<{ id: number; name: string }[]>('/api/platform/getShopSelections');
    const shop = shops.find((item) => item.name === name);
    if (!shop) throw new Error(`no merchant ${name}`);
    return shop.id;
  }

  setReviewRequired(merchantId: number, needReview: boolean) {
    return this.post<{ merchant_id: number; need_review: boolean }>('/api/platform/setGoodsReviewSetting', { merchant_id: merchantId, need_review: needReview });
  }
}
