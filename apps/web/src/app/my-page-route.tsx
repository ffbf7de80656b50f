import { lazy, Suspense } from 'react';
import { MyPage } from '../features/persons/my-page/my-page';

// Issue 17: her invoices, loaded with their own code and texts once the page shows.
const MyInvoicesSection = lazy(() => import('../features/invoices/my-invoices-section'));
// Issue 25: asking to leave a club and to be erased, with their own code and texts.
const MyPrivacyRequestsSection = lazy(() => import('../features/privacy-requests/my-privacy-requests-section'));

/** /me: her page (issue 25) with her invoices (issue 17), composed here because features never import each other. */
export function MyPageRoute() {
  return (
    <MyPage
      extraSections={
        <Suspense fallback={null}>
          <MyInvoicesSection />
          <MyPrivacyRequestsSection />
        </Suspense>
      }
    />
  );
}
