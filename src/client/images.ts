/**
 * Image uploads and deletion. Uploads go through XMLHttpRequest, the one browser API that reports
 * upload progress everywhere (fetch does so only with request streams over HTTP/2).
 */

import { IMAGE_TOO_LARGE, IMAGE_WRONG_TYPE, MAX_IMAGE_BYTES } from '../lib/images.ts';
import type { ImageOwner, ImageView } from '../server/features/images/images.views.ts';
import { FAILURE_MESSAGES } from './failures.ts';
import { API_TIMEOUT_MS, type CallOf, CLIENT_HEADER, CLIENT_NAME, callerFor, type NoBody, requestOf } from './http.ts';
import { session } from './session.ts';

export interface ImageRoutes {
  'POST images/upload/departament/{id}': ImageView;
  'POST images/upload/article/{id}': ImageView;
  'DELETE images/{id}': NoBody;
}

const call = callerFor<ImageRoutes>();

/** A refused or failed upload, with the German message to show (the API's own when it sent one). */
export class UploadError extends Error {
  override name = 'UploadError';
}

/** Each owner's segment of the upload path: a category's keeps the earlier product's spelling. */
const UPLOAD_SEGMENTS = { category: 'departament', article: 'article' } as const satisfies Record<
  ImageOwner['kind'],
  string
>;

/** The photo types staff may upload: what the file picker offers, and what a chosen file is checked for. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;

/**
 * Why a chosen photo cannot be uploaded, said when it is chosen, before anything is sent; undefined
 * when it may be. The server decides by the bytes; the browser spares an upload it would refuse.
 */
export function photoProblem(file: File): string | undefined {
  if (file.type && !(PHOTO_TYPES as readonly string[]).includes(file.type)) return IMAGE_WRONG_TYPE;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE;
  return undefined;
}

/** Uploads a JPEG or PNG for a category or an article; `onProgress` gets 0…1. */
export async function uploadImage(
  owner: ImageOwner['kind'],
  ownerId: number,
  file: File,
  onProgress: (share: number) => void,
): Promise<ImageView> {
  const problem = photoProblem(file);
  if (problem) throw new UploadError(problem);
  const { token } = await session;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const route = `POST images/upload/${UPLOAD_SEGMENTS[owner]}/${ownerId}` satisfies CallOf<ImageRoutes>;
    const [method, path] = requestOf(route);
    request.open(method, `${import.meta.env.PUBLIC_API_BASE}/${path}`);
    request.timeout = API_TIMEOUT_MS * 6; // a large photo on a slow line
    request.setRequestHeader(CLIENT_HEADER, CLIENT_NAME); // as every request of this client (http.ts)
    const bearer = token();
    if (bearer) request.setRequestHeader('Authorization', `Bearer ${bearer}`);
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const body = request.response as (ImageView & { message?: string }) | null;
      if (request.status === 201 && body) resolve(body);
      else reject(new UploadError(body?.message ?? FAILURE_MESSAGES.generic));
    });
    request.addEventListener('error', () => reject(new UploadError(FAILURE_MESSAGES.network)));
    request.addEventListener('timeout', () => reject(new UploadError(FAILURE_MESSAGES.timeout)));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

export async function deleteImage(id: number): Promise<void> {
  await call(`DELETE images/${id}`);
}
