/**
 * /admin/departaments: staff's catalogue. Add, edit and delete categories and their articles, and
 * each one's images; every change is saved through the API at once and the list reloads, so the
 * public category page shows it on its next request.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { fetchCategories } from '../../../client/catalogue.ts';
import { describeFailure } from '../../../client/failures.ts';
import type { CategoryView } from '../../../server/features/catalogue/catalogue.views.ts';
import { FormMessages } from '../../forms/fields.tsx';
import type { Loadable } from '../../loadable.ts';
import { AdminOnly } from '../AdminOnly.tsx';
import { useAdminMessages } from '../admin-messages.ts';
import { LoadStatus } from '../LoadStatus.tsx';
import { ADMIN_TEXTS, CATEGORY_TEXTS } from '../texts.ts';
import { AddCategoryForm } from './AddCategoryForm.tsx';
import { CategoryItem } from './CategoryItem.tsx';

type Catalogue = Loadable<{ categories: CategoryView[] }>;

function Catalogue() {
  const messages = useAdminMessages();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const [catalogue, setCatalogue] = useState<Catalogue>({ state: 'loading' });
  const reload = useCallback(async () => {
    try {
      const categories = await fetchCategories();
      // A long list renders in slices between which the browser answers a tap (no long task).
      startTransition(() => setCatalogue({ state: 'loaded', categories }));
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
        <LoadStatus of={catalogue} onRetry={() => void reload()} />
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
