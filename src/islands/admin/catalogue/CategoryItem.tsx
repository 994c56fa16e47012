/** One category in the catalogue, opened and closed by its heading: edit form, photos, articles, delete. */
import { type RefObject, useId, useRef, useState } from 'react';
import { deleteCategory } from '../../../client/catalogue.ts';
import type { CategoryView } from '../../../server/features/catalogue/catalogue.views.ts';
import { OwnerImages } from '../AdminImages.tsx';
import type { AdminMessages } from '../admin-messages.ts';
import { ConfirmAction } from '../ConfirmAction.tsx';
import { ARTICLE_TEXTS, CATEGORY_TEXTS } from '../texts.ts';
import { AddArticleForm } from './AddArticleForm.tsx';
import { ArticleItem } from './ArticleItem.tsx';
import { EditCategoryForm } from './EditCategoryForm.tsx';
import type { Reload } from './form-helpers.tsx';

export function CategoryItem({
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
  const [open, setOpen] = useState(false);
  // The body (forms, photos, articles) is built when the category is first opened, not for every
  // category at the start (a long list's one long task); it then stays, with what was typed into it.
  const [opened, setOpened] = useState(false);
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
              onClick={() => {
                setOpen(!open);
                setOpened(true);
              }}
            >
              {CATEGORY_TEXTS.summary(category.number, category.type, category.articles.length)}
            </button>
          </h3>
          {/* Two lines while closed; opening the category shows all of it. */}
          <p className="admin-category__description">{category.description}</p>
        </div>
      </div>
      <div className="admin-category__body" id={bodyId} hidden={!open}>
        {opened && (
          <CategoryBody
            category={category}
            imageCount={imageCount}
            messages={messages}
            onChanged={onChanged}
            listHeading={listHeading}
          />
        )}
      </div>
    </li>
  );
}

function CategoryBody({
  category,
  imageCount,
  messages,
  onChanged,
  listHeading,
}: {
  category: CategoryView;
  imageCount: number;
  messages: AdminMessages;
  onChanged: Reload;
  listHeading: RefObject<HTMLElement | null>;
}) {
  const articlesHeading = useRef<HTMLHeadingElement>(null);
  const [photoFailures, setPhotoFailures] = useState<Record<number, string>>({});
  return (
    <>
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
    </>
  );
}
