import { useParams } from 'react-router';
import DesignStatusDetailPage from '../../features/designs/pages/design-status-detail-page';
import { useMyDesign } from '../../features/designs/api/designs-api';
import { DesignProposals } from '../../features/proposals/components/design-proposals';

/** /user/design-status/{slug}: the design, then the proposals sent for it and its installation date. */
export default function CustomerDesignPage() {
  const { slug = '' } = useParams();
  const { data: design } = useMyDesign(slug);
  return (
    <>
      <DesignStatusDetailPage />
      {design && <DesignProposals designId={design.id} />}
    </>
  );
}
