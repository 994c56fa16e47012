/** The add-article form of a category, with an optional first photo uploaded once the article exists. */
import { useState } from 'react';
import { createArticle } from '../../../client/catalogue.ts';
import { PHOTO_TYPES, photoProblem, uploadImage } from '../../../client/images.ts';
import { ArticleFormSchema, defaultKind } from '../../../lib/catalogue.ts';
import type { ArticleView } from '../../../server/features/catalogue/catalogue.views.ts';
import { SelectField, SubmitButton, TextField } from '../../forms/fields.tsx';
import { useForm } from '../../forms/use-form.ts';
import { type AdminMessages, failureText } from '../admin-messages.ts';
import { ARTICLE_TEXTS } from '../texts.ts';
import { fieldErrorsOf, kindChoice, type Reload, UNIT_OPTIONS } from './form-helpers.tsx';

export function AddArticleForm({
  categoryId,
  messages,
  onAdded,
  onPhotoFailed,
}: {
  categoryId: number;
  messages: AdminMessages;
  onAdded: Reload;
  /** The article exists but its photo did not upload: said beside the new article's own upload. */
  onPhotoFailed: (articleId: number, reason: string) => void;
}) {
  const form = useForm(ArticleFormSchema, ['number', 'type', 'price', 'unit', 'kind'] as const, {
    unit: 'flat',
    kind: defaultKind('flat', categoryId),
  });
  const kind = kindChoice(form.values.kind, form.values.unit, categoryId);
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [fileKey, setFileKey] = useState(0);
  /** A photo the upload would refuse is refused when chosen, before the article is even added. */
  const choose = (chosen: File | undefined) => {
    const problem = chosen && photoProblem(chosen);
    setFileError(problem);
    setFile(problem ? undefined : chosen);
  };
  const added = async () => {
    form.reset();
    setFile(undefined);
    setFileError(undefined);
    setFileKey((key) => key + 1);
    await onAdded();
  };
  const onSubmit = form.submit(async (input) => {
    let article: ArticleView;
    try {
      article = await createArticle({ ...input, kind: kind.value, departamentId: categoryId });
    } catch (failure) {
      messages.failed(failure);
      form.setErrors(fieldErrorsOf(failure));
      return;
    }
    // The chosen photo belongs to the new article, so it is uploaded once the article exists.
    // From here on the form is done: a failed photo is the new article's matter, not the form's.
    try {
      if (file) await uploadImage('article', article.id, file, () => {});
      messages.done(ARTICLE_TEXTS.added);
    } catch (failure) {
      const reason = failureText(failure);
      onPhotoFailed(article.id, reason);
      messages.alert(ARTICLE_TEXTS.photoFailed(article.number, reason));
    }
    await added();
  });
  const fileId = `article-file-${categoryId}`;
  return (
    <form className="form admin-card" noValidate onSubmit={onSubmit} aria-label={ARTICLE_TEXTS.addTitle}>
      <h5>{ARTICLE_TEXTS.addTitle}</h5>
      <div className="form__row">
        <TextField {...form.field('number')} label={ARTICLE_TEXTS.number} />
        <TextField {...form.field('type')} label={ARTICLE_TEXTS.type} />
      </div>
      <div className="form__row">
        <TextField {...form.field('price')} label={`${ARTICLE_TEXTS.price} (${ARTICLE_TEXTS.priceHint})`} />
        <SelectField {...form.field('unit')} label={ARTICLE_TEXTS.unit} options={UNIT_OPTIONS} />
        <SelectField {...form.field('kind')} {...kind} label={ARTICLE_TEXTS.kind} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={fileId}>
          {ARTICLE_TEXTS.file}
        </label>
        <input
          key={fileKey}
          id={fileId}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${fileId}-error` : undefined}
          onChange={(event) => choose(event.target.files?.[0])}
        />
        {fileError && (
          <p className="field__error" id={`${fileId}-error`}>
            {fileError}
          </p>
        )}
      </div>
      <SubmitButton
        ready={form.ready}
        submitting={form.submitting}
        label={ARTICLE_TEXTS.add}
        busyLabel={ARTICLE_TEXTS.adding}
      />
    </form>
  );
}
