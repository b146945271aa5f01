import { PAGE_OUT_OF_RANGE } from '@shop/contracts';
import { Button } from './button';
import { EmptyState } from './empty-state';

/** What a paged list shows for a page past its last one: says so and offers the last page. */
export function OutOfRange({
  page,
  lastPage,
  onPageChange,
}: {
  page: number;
  lastPage: number;
  onPageChange: (page: number) => void;
}) {
  return (
    <EmptyState
      title={PAGE_OUT_OF_RANGE.title(page)}
      description={PAGE_OUT_OF_RANGE.description(lastPage)}
      action={
        <Button variant="outline" onClick={() => onPageChange(lastPage)}>
          {PAGE_OUT_OF_RANGE.action(lastPage)}
        </Button>
      }
    />
  );
}
