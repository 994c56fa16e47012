/** The images of a category or an article: thumbnails that delete themselves by their own id, and an upload with preview and progress. */
import { useEffect, useId, useRef, useState } from 'react';
import { deleteImage, PHOTO_TYPES, photoProblem, UploadError, uploadImage } from '../../client/images.ts';
import type { ImageOwner, ImageView } from '../../server/features/images/images.views.ts';
import { type AdminMessages, failureText } from './admin-messages.ts';
import { ConfirmAction } from './ConfirmAction.tsx';
import { IMAGE_TEXTS as t } from './texts.ts';

/**
 * Choose a JPEG or PNG, see it, then 'Speichern' uploads it with a progress bar. A failure shows
 * beside the control (and in the screen's message area, which announces it).
 */
function ImageUpload({
  owner,
  ownerId,
  ownerName,
  label,
  messages,
  onUploaded,
  failedBefore,
}: {
  owner: ImageOwner['kind'];
  ownerId: number;
  ownerName: string;
  label: string;
  messages: AdminMessages;
  onUploaded: () => Promise<void>;
  failedBefore?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [progress, setProgress] = useState<number>();
  const [error, setError] = useState(failedBefore);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const fail = (failure: unknown) => {
    setError(failureText(failure));
    messages.failed(failure);
  };

  const choose = (chosen: File | undefined) => {
    setFile(undefined);
    setPreview(undefined);
    setError(undefined);
    if (!chosen) return;
    const problem = photoProblem(chosen);
    if (problem) {
      fail(new UploadError(problem));
      return;
    }
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const save = async () => {
    if (!file) return;
    setProgress(0);
    setError(undefined);
    try {
      await uploadImage(owner, ownerId, file, setProgress);
      messages.done(t.uploaded);
      setFile(undefined);
      setPreview(undefined);
      if (input.current) input.current.value = '';
      await onUploaded();
    } catch (failure) {
      fail(failure);
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <div className="admin-upload">
      <label htmlFor={id} className="field__label">
        {label}
        <span className="visually-hidden"> ({ownerName})</span>
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
      {preview && <img className="admin-upload__preview" src={preview} alt={t.preview} width={160} />}
      {progress !== undefined && <progress value={progress} max={1} aria-label={t.progress} />}
      <button type="button" className="button" disabled={!file || progress !== undefined} onClick={() => void save()}>
        {progress === undefined ? t.save : t.uploading}
        <span className="visually-hidden"> – {t.saveWhat(ownerName)}</span>
      </button>
    </div>
  );
}

/**
 * A category's or an article's images under their heading, each with its own delete button
 * (docs/product.md#d6-image-delete), then the upload of another one. The heading takes the focus
 * once an image is gone; `ownerName` ("Kategorie 12", "Artikel A1") makes each control's name
 * unique on the screen.
 */
export function OwnerImages({
  owner,
  ownerId,
  ownerName,
  title,
  headingLevel: Heading,
  uploadLabel,
  images,
  messages,
  onChanged,
  failedBefore,
}: {
  owner: ImageOwner['kind'];
  ownerId: number;
  ownerName: string;
  title: string;
  headingLevel: 'h4' | 'h6';
  uploadLabel: string;
  images: ImageView[];
  messages: AdminMessages;
  onChanged: () => Promise<void>;
  /** Why a photo chosen before this control existed did not upload. */
  failedBefore?: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <Heading tabIndex={-1} ref={heading}>
        {title}
      </Heading>
      {images.length === 0 ? (
        <p className="admin-muted">{t.none}</p>
      ) : (
        <ul className="admin-thumbs">
          {images.map((image, index) => (
            <li key={image.id}>
              <img
                src={image.variants[0]?.url ?? image.url}
                width={160}
                height={Math.round((160 * image.height) / image.width)}
                alt={t.thumbnail(index + 1, ownerName)}
                loading="lazy"
              />
              <ConfirmAction
                label={t.delete(index + 1, ownerName)}
                question={t.deleteQuestion(index + 1, ownerName)}
                focusAfter={heading}
                onConfirm={async () => {
                  await deleteImage(image.id);
                  messages.done(t.deleted);
                  await onChanged();
                }}
                onFailed={(failure) => messages.failed(failure, t.deleteFailed)}
              />
            </li>
          ))}
        </ul>
      )}
      <ImageUpload
        owner={owner}
        ownerId={ownerId}
        ownerName={ownerName}
        label={uploadLabel}
        messages={messages}
        onUploaded={onChanged}
        failedBefore={failedBefore}
      />
    </>
  );
}
