/** The catalogue calls of the REST API (staff's writes included), typed by the catalogue's contract. */
import type { ArticleChange, CategoryChange, NewArticle, NewCategory } from '../lib/catalogue.ts';
import type { ArticleView, CategoryView } from '../server/features/catalogue/catalogue.views.ts';
import { callerFor, type NoBody } from './http.ts';

export interface CatalogueRoutes {
  'GET departaments': CategoryView[];
  'POST departaments': CategoryView;
  'PATCH departaments/{id}': CategoryView;
  'DELETE departaments/{id}': NoBody;
  'POST articles': ArticleView;
  'PATCH articles/{id}': ArticleView;
  'DELETE articles/{id}': NoBody;
}

const call = callerFor<CatalogueRoutes>();

// Staff must see their own change at once, past any cache of the public catalogue.
export const fetchCategories = () => call('GET departaments', { cache: 'no-store' }).json();

export const createCategory = (input: NewCategory) => call('POST departaments', { json: input }).json();

export const changeCategory = (id: number, change: CategoryChange) =>
  call(`PATCH departaments/${id}`, { json: change }).json();

export async function deleteCategory(id: number): Promise<void> {
  await call(`DELETE departaments/${id}`);
}

export const createArticle = (input: NewArticle) => call('POST articles', { json: input }).json();

export const changeArticle = (id: number, change: ArticleChange) =>
  call(`PATCH articles/${id}`, { json: change }).json();

export async function deleteArticle(id: number): Promise<void> {
  await call(`DELETE articles/${id}`);
}
