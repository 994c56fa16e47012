/** The catalogue calls of the REST API (staff's writes included), typed by the server's own answers. */
import type { ArticleChange, DepartamentChange, NewArticle, NewDepartament } from '../lib/catalogue.ts';
import type { ArticleView, DepartamentView } from '../server/features/catalogue/catalogue.views.ts';
import { api } from './http.ts';

// Staff must see their own change at once, past any cache of the public catalogue.
export const fetchDepartaments = () => api.get('departaments', { cache: 'no-store' }).json<DepartamentView[]>();

export const createDepartament = (input: NewDepartament) =>
  api.post('departaments', { json: input }).json<DepartamentView>();

export const changeDepartament = (id: number, change: DepartamentChange) =>
  api.patch(`departaments/${id}`, { json: change }).json<DepartamentView>();

export async function deleteDepartament(id: number): Promise<void> {
  await api.delete(`departaments/${id}`);
}

export const createArticle = (input: NewArticle) => api.post('articles', { json: input }).json<ArticleView>();

export const changeArticle = (id: number, change: ArticleChange) =>
  api.patch(`articles/${id}`, { json: change }).json<ArticleView>();

export async function deleteArticle(id: number): Promise<void> {
  await api.delete(`articles/${id}`);
}
