/**
 * /admin/departaments: staff's catalogue. Add, edit and delete categories and their articles, and
 * each one's images; every change is saved through the API at once and the list reloads, so the
 * public category page shows it on its next request.
 */
import { type ReactNode, type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  changeArticle,
  changeCategory,
  createArticle,
  createCategory,
  deleteArticle,
  deleteCategory,
  fetchCategories,
} from '../../client/catalogue.ts';
import { describeFailure } from '../../client/failures.ts';
import { uploadImage } from '../../client/images.ts';
import {
  ArticleEditFormSchema,
  ArticleFormSchema,
  CategoryEditFormSchema,
  CategorySchema,
} from '../../lib/catalogue.ts';
import { formatUnitPrice, UNIT_NAMES, UNITS } from '../../lib/units.ts';
import type { ArticleView, CategoryView } from '../../server/features/catalogue/catalogue.views.ts';
import { FormMessages, SelectField, SubmitButton, TextAreaField, TextField } from '../forms/fields.tsx';
import { type Errors, useForm } from '../forms/use-form.ts';
import type { Loadable } from '../loadable.ts';
import { OwnerImages } from './AdminImages.tsx';
import { AdminOnly } from './AdminOnly.tsx';
import { type AdminMessages, failureText, useAdminMessages } from './admin-messages.ts';
import { ConfirmAction } from './ConfirmAction.tsx';
import { ADMIN_TEXTS, ARTICLE_TEXTS, CATEGORY_TEXTS } from './texts.ts';

const UNIT_OPTIONS = UNITS.map((unit) => [unit, UNIT_NAMES[unit]] as const);

type Reload = () => Promise<void>;

/** Field errors the API sent, onto the form's fields. */
const fieldErrorsOf = <TField extends string>(failure: unknown) =>
  Object.fromEntries(describeFailure(failure).fieldErrors.map((e) => [e.fieldName, e.message])) as Errors<TField>;

/** The price as the edit form shows it: "1200,50". */
const typedPrice = (euros: number) => euros.toFixed(2).replace('.', ',');

/** A button text that screen readers hear with what it acts on ("Speichern – Artikel A1"), so each name is unique. */
const withHiddenContext = (visible: string, context: string): ReactNode => (
  <>
    {visible}
    <span className="visually-hidden"> – {context}</span>
  </>
);

function AddCategoryForm({ messages, onAdded }: { messages: AdminMessages; onAdded: Reload }) {
  const form = useForm(CategorySchema, ['number', 'type', 'description'] as const);
  const onSubmit = form.submit(async (input) => {
    try {
      await createCategory(input);
      messages.done(CATEGORY_TEXTS.added);
      form.reset();
      await onAdded();
    } catch (failure) {
      messages.failed(failure);
      form.setErrors(fieldErrorsOf(failure));
    }
  });
  return (
    <section aria-labelledby="add-category-title" className="admin-card">
      <h2 id="add-category-title">{CATEGORY_TEXTS.addTitle}</h2>
      <form className="form" noValidate onSubmit={onSubmit}>
        <div className="form__row">
          <TextField {...form.field('number')} label={CATEGORY_TEXTS.number} />
          <TextField {...form.field('type')} label={CATEGORY_TEXTS.type} />
        </div>
        <TextAreaField {...form.field('description')} label={CATEGORY_TEXTS.description} />
        <SubmitButton
          ready={form.ready}
          submitting={form.submitting}
          label={CATEGORY_TEXTS.add}
          busyLabel={CATEGORY_TEXTS.adding}
        />
      </form>
    </section>
  );
}

function EditCategoryForm({
  category,
  messages,
  onSaved,
}: {
  category: CategoryView;
  messages: AdminMessages;
  onSaved: Reload;
}) {
  const form = useForm(CategoryEditFormSchema, ['type', 'description'] as const, {
    type: category.type,
    description: category.description,
  });
  const onSubmit = form.submit(async (change) => {
    try {
      await changeCategory(category.id, change);
      messages.done(CATEGORY_TEXTS.saved);
      await onSaved();
    } catch (failure) {
      messages.failed(failure);
      form.setErrors(fieldErrorsOf(failure));
    }
  });
  return (
    <form
      className="form admin-edit"
      noValidate
      onSubmit={onSubmit}
      aria-label={CATEGORY_TEXTS.editTitle(category.number)}
    >
      <TextField {...form.field('type')} label={CATEGORY_TEXTS.type} />
      <TextAreaField {...form.field('description')} label={CATEGORY_TEXTS.description} />
      <SubmitButton
        ready={form.ready}
        submitting={form.submitting}
        label={withHiddenContext(CATEGORY_TEXTS.save, CATEGORY_TEXTS.saveWhat(category.number))}
        busyLabel={CATEGORY_TEXTS.saving}
      />
    </form>
  );
}

function ArticleItem({
  article,
  messages,
  onChanged,
  listHeading,
  photoFailure,
}: {
  article: ArticleView;
  messages: AdminMessages;
  onChanged: Reload;
  /** Takes the focus once the article is deleted. */
  listHeading: RefObject<HTMLElement | null>;
  /** Why the photo chosen when the article was added did not upload. */
  photoFailure: string | undefined;
}) {
  const form = useForm(ArticleEditFormSchema, ['type', 'price', 'unit'] as const, {
    type: article.type,
    price: typedPrice(article.price),
    unit: article.unit,
  });
  const onSubmit = form.submit(async (change) => {
    try {
      await changeArticle(article.id, change);
      messages.done(ARTICLE_TEXTS.saved);
      await onChanged();
    } catch (failure) {
      messages.failed(failure);
      form.setErrors(fieldErrorsOf(failure));
    }
  });
  return (
    <li className="admin-article">
      <h5>
        {article.number}: {article.type} – {formatUnitPrice(article.price, article.unit)}
      </h5>
      <form
        className="form admin-edit"
        noValidate
        onSubmit={onSubmit}
        aria-label={ARTICLE_TEXTS.editTitle(article.number)}
      >
        <div className="form__row">
          <TextField {...form.field('type')} label={ARTICLE_TEXTS.type} />
          <TextField {...form.field('price')} label={ARTICLE_TEXTS.price} inputMode="text" />
          <SelectField {...form.field('unit')} label={ARTICLE_TEXTS.unit} options={UNIT_OPTIONS} />
        </div>
        <SubmitButton
          ready={form.ready}
          submitting={form.submitting}
          label={withHiddenContext(ARTICLE_TEXTS.save, ARTICLE_TEXTS.saveWhat(article.number))}
          busyLabel={ARTICLE_TEXTS.saving}
        />
      </form>
      <OwnerImages
        owner="article"
        ownerId={article.id}
        ownerName={ARTICLE_TEXTS.photoOwner(article.number)}
        title={ARTICLE_TEXTS.photosTitle(article.number)}
        headingLevel="h6"
        uploadLabel={ARTICLE_TEXTS.photoLabel}
        images={article.images}
        messages={messages}
        onChanged={onChanged}
        failedBefore={photoFailure}
      />
      <ConfirmAction
        label={ARTICLE_TEXTS.delete(article.number)}
        question={ARTICLE_TEXTS.deleteQuestion(article.number, article.type, article.images.length)}
        focusAfter={listHeading}
        onConfirm={async () => {
          await deleteArticle(article.id);
          messages.done(ARTICLE_TEXTS.deleted);
          await onChanged();
        }}
        onFailed={(failure) => messages.failed(failure)}
      />
    </li>
  );
}

function AddArticleForm({
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
  const form = useForm(ArticleFormSchema, ['number', 'type', 'price', 'unit'] as const, { unit: 'flat' });
  const [file, setFile] = useState<File>();
  const [fileKey, setFileKey] = useState(0);
  const added = async () => {
    form.reset();
    setFile(undefined);
    setFileKey((key) => key + 1);
    await onAdded();
  };
  const onSubmit = form.submit(async (input) => {
    let article: ArticleView;
    try {
      article = await createArticle({ ...input, departamentId: categoryId });
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
      </div>
      <div className="field">
        <label className="field__label" htmlFor={fileId}>
          {ARTICLE_TEXTS.file}
        </label>
        <input
          key={fileKey}
          id={fileId}
          type="file"
          accept="image/jpeg,image/png"
          onChange={(event) => setFile(event.target.files?.[0])}
        />
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

function CategoryItem({
  category,
  messages,
  onChanged,
  listHeading,
}: {
  category: CategoryView;
  messages: AdminMessages;
  onChanged: Reload;
  /** Takes the focus once the category is deleted. */
  listHeading: RefObject<HTMLElement | null>;
}) {
  const [first] = category.images;
  const imageCount = category.images.length + category.articles.reduce((sum, a) => sum + a.images.length, 0);
  const articlesHeading = useRef<HTMLHeadingElement>(null);
  const [photoFailures, setPhotoFailures] = useState<Record<number, string>>({});
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <li className={open ? 'admin-category admin-category--open' : 'admin-category'}>
      <div className="admin-category__header">
        {first ? (
          <img
            className="admin-category__thumb"
            src={first.variants[0]?.url ?? first.url}
            width={64}
            height={40}
            alt={CATEGORY_TEXTS.firstImage(category.type)}
          />
        ) : (
          <span className="admin-category__no-image">{CATEGORY_TEXTS.noImage}</span>
        )}
        <div className="admin-category__heading">
          <h3>
            <button
              type="button"
              className="admin-category__toggle"
              aria-expanded={open}
              aria-controls={bodyId}
              onClick={() => setOpen(!open)}
            >
              {CATEGORY_TEXTS.summary(category.number, category.type, category.articles.length)}
            </button>
          </h3>
          {/* Two lines while closed; opening the category shows all of it. */}
          <p className="admin-category__description">{category.description}</p>
        </div>
      </div>
      <div className="admin-category__body" id={bodyId} hidden={!open}>
        <EditCategoryForm category={category} messages={messages} onSaved={onChanged} />
        <OwnerImages
          owner="category"
          ownerId={category.id}
          ownerName={CATEGORY_TEXTS.photoOwner(category.number)}
          title={CATEGORY_TEXTS.photosTitle}
          headingLevel="h4"
          uploadLabel={CATEGORY_TEXTS.photoLabel}
          images={category.images}
          messages={messages}
          onChanged={onChanged}
        />
        <h4 tabIndex={-1} ref={articlesHeading}>
          {ARTICLE_TEXTS.listTitle}
        </h4>
        {category.articles.length === 0 ? (
          <p className="admin-muted">{ARTICLE_TEXTS.none}</p>
        ) : (
          <ul className="admin-articles">
            {category.articles.map((article) => (
              <ArticleItem
                key={article.id}
                article={article}
                messages={messages}
                onChanged={onChanged}
                listHeading={articlesHeading}
                photoFailure={photoFailures[article.id]}
              />
            ))}
          </ul>
        )}
        <AddArticleForm
          categoryId={category.id}
          messages={messages}
          onAdded={onChanged}
          onPhotoFailed={(articleId, reason) => setPhotoFailures((failures) => ({ ...failures, [articleId]: reason }))}
        />
        <ConfirmAction
          label={CATEGORY_TEXTS.delete(category.number)}
          question={CATEGORY_TEXTS.deleteQuestion(category.number, category.type, category.articles.length, imageCount)}
          focusAfter={listHeading}
          onConfirm={async () => {
            await deleteCategory(category.id);
            messages.done(CATEGORY_TEXTS.deleted);
            await onChanged();
          }}
          onFailed={(failure) => messages.failed(failure)}
        />
      </div>
    </li>
  );
}

type Catalogue = Loadable<{ categories: CategoryView[] }>;

function Catalogue() {
  const messages = useAdminMessages();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const [catalogue, setCatalogue] = useState<Catalogue>({ state: 'loading' });
  const reload = useCallback(async () => {
    try {
      setCatalogue({ state: 'loaded', categories: await fetchCategories() });
    } catch (failure) {
      setCatalogue({ state: 'failed', message: describeFailure(failure, { http: ADMIN_TEXTS.loadFailed }).message });
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  return (
    <>
      <div className="admin-messages">
        <FormMessages
          error={messages.error && <p>{messages.error}</p>}
          success={messages.success && <p>{messages.success}</p>}
        />
      </div>
      <AddCategoryForm messages={messages} onAdded={reload} />
      <section aria-labelledby="categories-title">
        <h2 id="categories-title" tabIndex={-1} ref={listHeading}>
          {CATEGORY_TEXTS.listTitle}
        </h2>
        {catalogue.state === 'loading' && <p role="status">{ADMIN_TEXTS.loading}</p>}
        {catalogue.state === 'failed' && (
          <div className="notice" role="alert">
            <p>{catalogue.message}</p>
            <button type="button" className="button" onClick={() => void reload()}>
              {ADMIN_TEXTS.retry}
            </button>
          </div>
        )}
        {catalogue.state === 'loaded' &&
          (catalogue.categories.length === 0 ? (
            <p>{CATEGORY_TEXTS.none}</p>
          ) : (
            <ul className="admin-categories">
              {catalogue.categories.map((category) => (
                <CategoryItem
                  key={category.id}
                  category={category}
                  messages={messages}
                  onChanged={reload}
                  listHeading={listHeading}
                />
              ))}
            </ul>
          ))}
      </section>
    </>
  );
}

export default function CatalogueAdmin() {
  return <AdminOnly path="/admin/departaments">{() => <Catalogue />}</AdminOnly>;
}
