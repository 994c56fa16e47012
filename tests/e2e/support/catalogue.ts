/**
 * Categories made for one test through the admin API, with their articles and real JPEG images,
 * so tests in parallel never share (or change) what another one looks at.
 */
import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import sharp from 'sharp';
import type { ArticleView, DepartamentView } from '../../../src/server/features/catalogue/catalogue.service.ts';
import type { ImageView } from '../../../src/server/features/images/images.service.ts';

/** A real JPEG (photo-like gradient) of the given size, different per `seed`. */
export async function jpeg(seed: number, width = 1600, height = 900): Promise<Buffer> {
  const hue = (seed * 97) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="hsl(${hue},60%,35%)"/><stop offset="1" stop-color="hsl(${hue + 60},70%,60%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="white" opacity="0.4"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

export interface TestCategory extends DepartamentView {
  articles: ArticleView[];
  images: ImageView[];
}

export async function uploadImage(
  request: APIRequestContext,
  adminToken: string,
  owner: string,
  data: Buffer,
): Promise<ImageView> {
  const response = await request.post(`/api/images/upload/${owner}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    multipart: { file: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: data } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ImageView;
}

/** A new category with the given articles (type and price) and `imageCount` uploaded JPEGs. */
export async function createCategory(
  request: APIRequestContext,
  adminToken: string,
  {
    articles,
    imageCount = 0,
    type,
  }: { articles: { type: string; price: number }[]; imageCount?: number; type?: string },
): Promise<TestCategory> {
  const headers = { Authorization: `Bearer ${adminToken}` };
  const number = `E2E-${randomBytes(3).toString('hex')}`;
  const created = await request.post('/api/departaments', {
    headers,
    data: { number, type: type ?? `Testkategorie ${number}`, description: 'Eine Kategorie nur für diesen Test.' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const departament = (await created.json()) as DepartamentView;
  const madeArticles: ArticleView[] = [];
  for (const [index, article] of articles.entries()) {
    const response = await request.post('/api/articles', {
      headers,
      data: { ...article, number: `A${index + 1}`, departamentId: departament.id },
    });
    expect(response.status(), await response.text()).toBe(201);
    madeArticles.push((await response.json()) as ArticleView);
  }
  const images: ImageView[] = [];
  for (let index = 0; index < imageCount; index++) {
    images.push(await uploadImage(request, adminToken, `departament/${departament.id}`, await jpeg(index + 1)));
  }
  return { ...departament, articles: madeArticles, images };
}
