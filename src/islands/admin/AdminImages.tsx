/** The images of a category or an article: thumbnails that delete themselves by their own id, and an upload with preview and progress. */
import { useEffect, useId, useRef, useState } from 'react';
import { deleteImage, type ImageOwnerKind, UploadError, uploadImage } from '../../client/images.ts';
import type { ImageView } from '../../server/features/images/images.service.ts';
import type { AdminMessages } from './admin-messages.ts';
import { ConfirmAction } from './ConfirmAction.tsx';
import { IMAGE_TEXTS as t } from './texts.ts';

const ACCEPTED = ['image/jpeg', 'image/png'];

/** Every image with its own delete button (docs/product.md#d6-image-delete). */
export function ImageThumbnails({
  images,
  messages,
  onChanged,
}: {
  images: ImageView[];
  messages: AdminMessages;
  onChanged: () => Promise<void>;
}) {
  if (images.length === 0) return <p className="admin-muted">{t.none}</p>;
  return (
    <ul className="admin-thumbs">
      {images.map((image, index) => (
        <li key={image.id}>
          <img
            src={image.variants[0]?.url ?? image.url}
            width={160}
            height={Math.round((160 * image.height) / image.width)}
            alt={t.thumbnail(index + 1)}
            loading="lazy"
          />
          <ConfirmAction
            label={t.delete(index + 1)}
            question={t.deleteQuestion(index + 1)}
            onConfirm={async () => {
              try {
                await deleteImage(image.id);
                messages.done(t.deleted);
                await onChanged();
              } catch (failure) {
                messages.failed(failure);
              }
            }}
          />
        </li>
      ))}
    </ul>
  );
}

/** Choose a JPEG or PNG, see it, then 'Speichern' uploads it with a progress bar. */
export function ImageUpload({
  owner,
  ownerId,
  label,
  messages,
  onUploaded,
}: {
  owner: ImageOwnerKind;
  ownerId: number;
  label: string;
  messages: AdminMessages;
  onUploaded: () => Promise<void>;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [progress, setProgress] = useState<number>();

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const choose = (chosen: File | undefined) => {
    setFile(undefined);
    setPreview(undefined);
    if (!chosen) return;
    // The server decides by the bytes; this only spares an upload of an obvious other type.
    if (chosen.type && !ACCEPTED.includes(chosen.type)) {
      messages.failed(new UploadError(t.wrongType));
      return;
    }
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const save = async () => {
    if (!file) return;
    setProgress(0);
    try {
      await uploadImage(owner, ownerId, file, setProgress);
      messages.done(t.uploaded);
      setFile(undefined);
      setPreview(undefined);
      if (input.current) input.current.value = '';
      await onUploaded();
    } catch (failure) {
      messages.failed(failure);
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <div className="admin-upload">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={ACCEPTED.join(',')}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      {preview && <img className="admin-upload__preview" src={preview} alt={t.preview} width={160} />}
      {progress !== undefined && <progress value={progress} max={1} aria-label={t.progress} />}
      <button type="button" className="button" disabled={!file || progress !== undefined} onClick={() => void save()}>
        {progress === undefined ? t.save : t.uploading}
      </button>
    </div>
  );
}
