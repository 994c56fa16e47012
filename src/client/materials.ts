/**
 * The materials' calls of the REST API (docs/product.md#d36-next-steps): an order's materials, the
 * typed data per item, uploads in parts with their progress, accepting a print file, handing over.
 */
import type { ItemMaterials } from '../lib/materials-input.ts';
import type {
  DownloadLinkView,
  MaterialFileView,
  MaterialItemView,
  MaterialsView,
  ProgressView,
  UploadView,
} from '../server/features/materials/materials.views.ts';
import { describeFailure } from './failures.ts';
import { CLIENT_HEADER, CLIENT_NAME, callerFor, type NoBody } from './http.ts';
import { session } from './session.ts';

export interface MaterialRoutes {
  'GET booking/{id}/materials': MaterialsView;
  'PUT booking/{id}/materials/items/{itemId}': MaterialItemView;
  'POST booking/{id}/materials/uploads': UploadView;
  'GET booking/{id}/materials/uploads/{uploadId}': UploadView;
  'POST booking/{id}/materials/files/{fileId}/accept': MaterialFileView;
  'DELETE booking/{id}/materials/files/{fileId}': NoBody;
  'POST booking/{id}/materials/links': DownloadLinkView;
  'POST booking/{id}/materials/hand-over': ProgressView;
}

const call = callerFor<MaterialRoutes>();

export const fetchMaterials = (bookingId: number) => call(`GET booking/${bookingId}/materials`).json();

export const saveItemMaterials = (bookingId: number, itemId: number, data: ItemMaterials) =>
  call(`PUT booking/${bookingId}/materials/items/${itemId}`, { json: data }).json();

export const acceptPrintFile = (bookingId: number, fileId: number) =>
  call(`POST booking/${bookingId}/materials/files/${fileId}/accept`).json();

export const deleteMaterialFile = (bookingId: number, fileId: number) =>
  call(`DELETE booking/${bookingId}/materials/files/${fileId}`);

export const handOverMaterials = (bookingId: number) => call(`POST booking/${bookingId}/materials/hand-over`).json();

/** A link to one file, or without `fileId` to all files as one ZIP; the browser follows it. */
export const materialsLink = (bookingId: number, fileId?: number) =>
  call(`POST booking/${bookingId}/materials/links`, { json: fileId === undefined ? {} : { fileId } }).json();

/** An upload's part that the server refused: its status and German message. */
export class UploadRefused extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** How often a dropped connection is tried again, waiting a little longer each time. */
const RETRIES = 4;
const RETRY_WAIT_MS = 1000;

interface PartAnswer {
  status: number;
  body: unknown;
}

/** One part by XMLHttpRequest, for its upload progress (fetch reports none); rejects on a dropped connection. */
async function sendPart(
  bookingId: number,
  uploadId: string,
  offset: number,
  part: Blob,
  onBytes: (sent: number) => void,
): Promise<PartAnswer> {
  const bearer = (await session).token();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(
      'PUT',
      `${import.meta.env.PUBLIC_API_BASE}/booking/${bookingId}/materials/uploads/${uploadId}?offset=${offset}`,
    );
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.setRequestHeader(CLIENT_HEADER, CLIENT_NAME);
    if (bearer) request.setRequestHeader('Authorization', `Bearer ${bearer}`);
    request.upload.onprogress = (event) => onBytes(event.loaded);
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () => reject(new Error('network'));
    request.ontimeout = () => reject(new Error('network'));
    request.send(part);
  });
}

const messageOf = (body: unknown, fallback: string): string =>
  typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
    ? body.message
    : fallback;

/**
 * Sends `file` to a slot of an item in parts, calling `onProgress` with the bytes arrived; after a
 * dropped connection it asks how much arrived and sends the rest from there. Resolves with the
 * stored file; rejects with UploadRefused and the server's German message when it says no (413,
 * 415, 422, …), or after the retries with `failed.network`.
 */
export async function uploadMaterial(
  bookingId: number,
  target: { itemId: number; slot: string },
  file: File,
  onProgress: (received: number) => void,
  failed: { network: string },
): Promise<MaterialFileView> {
  let upload: UploadView;
  try {
    upload = await call(`POST booking/${bookingId}/materials/uploads`, {
      json: { itemId: target.itemId, slot: target.slot, fileName: file.name, size: file.size },
    }).json();
  } catch (error) {
    // A file over its slot's limit is refused here by its size (413), in the server's German words.
    const { status, message } = describeFailure(error, { http: failed.network, other: failed.network });
    throw new UploadRefused(status ?? 0, message);
  }
  let received = upload.received;
  let retries = 0;
  while (true) {
    const end = Math.min(file.size, received + upload.chunkBytes);
    try {
      const answer = await sendPart(bookingId, upload.id, received, file.slice(received, end), (sent) =>
        onProgress(received + sent),
      );
      if (answer.status === 201) return answer.body as MaterialFileView;
      if (answer.status === 200) {
        received = (answer.body as UploadView).received;
        retries = 0;
        continue;
      }
      const message = messageOf(answer.body, failed.network);
      // Another request had sent this part (a retry after an answer that got lost): ask where it stands.
      if (answer.status !== 409) {
        throw new UploadRefused(answer.status, message);
      }
      if (retries >= RETRIES) throw new UploadRefused(409, message);
    } catch (error) {
      if (error instanceof UploadRefused || retries >= RETRIES) {
        throw error instanceof UploadRefused ? error : new UploadRefused(0, failed.network);
      }
    }
    retries += 1;
    await new Promise((resume) => setTimeout(resume, RETRY_WAIT_MS * retries));
    try {
      received = (await call(`GET booking/${bookingId}/materials/uploads/${upload.id}`).json()).received;
    } catch {
      // Still offline: the next round tries again from where it was.
    }
    onProgress(received);
  }
}
