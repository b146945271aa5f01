import { Outlet } from 'react-router';
import { UnsavedChangesProvider } from '../../components/ui/forms/unsaved-changes-provider';
import { PageErrorBoundary } from '../page-error';

/**
 * The page of a signed-in area (the back-office, the customer area): the route's screen inside its error boundary
 * and the area's one navigation guard of the forms with unsaved changes (React Router keeps one blocker).
 */
export function AreaOutlet() {
  return (
    <UnsavedChangesProvider>
      <PageErrorBoundary>
        <Outlet />
      </PageErrorBoundary>
    </UnsavedChangesProvider>
  );
}
