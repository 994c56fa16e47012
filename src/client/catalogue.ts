/** The catalogue calls of the REST API (staff's writes included), typed by the server's own answers. */
import type { ArticleChange, CategoryChange, NewArticle, NewCategory } from '../lib/catalogue.ts';
import type { ArticleView, CategoryView } from '../server/features/catalogue/catalogue.views.ts';
import { api } from './http.ts';

// Staff must see their own change at once, past any cache of the public catalogue.
export const fetchCategories = () => api.get('departaments', { cache: 'no-store' }).json<CategoryView[]>();

export const createCategory = (input: NewCategory) => api.post('departaments', { json: input }).json<CategoryView>();

export const changeCategory = (id: number, change: CategoryChange) =>
  api.patch(`departaments/${id}`, { json: change }).json<CategoryView>();

export async function deleteCategory(id: number): Promise<void> {
  await api.delete(`departaments/${id}`);
}

export const createArticle = (input: NewArticle) => api.post('articles', { json: input }).json<ArticleView>();

export const changeArticle = (id: number, change: ArticleChange) =>
  api.patch(`articles/${id}`, { json: change }).json<ArticleView>();

export async function deleteArticle(id: number): Promise<void> {
  await api.delete(`articles/${id}`);
}
