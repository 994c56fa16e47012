/**
 * Image uploads and deletion. Uploads go through XMLHttpRequest, the one browser API that reports
 * upload progress everywhere (fetch does so only with request streams over HTTP/2).
 */

import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from '../lib/images.ts';
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

/** Uploads a JPEG or PNG for a category or an article; `onProgress` gets 0…1. */
export async function uploadImage(
  owner: ImageOwner['kind'],
  ownerId: number,
  file: File,
  onProgress: (share: number) => void,
): Promise<ImageView> {
  if (file.size > MAX_IMAGE_BYTES) throw new UploadError(IMAGE_TOO_LARGE);
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
