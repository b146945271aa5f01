import { useParams } from 'react-router';
import { idParam } from '../../lib/route-id';
import AdminDesignDetailPage from '../../features/designs/pages/admin-design-detail-page';
import { useAdminDesign } from '../../features/designs/api/designs-api';
import { AdminDesignProposal } from '../../features/proposals/components/admin-design-proposal';

/** /admin/design/view/{id}: the design and its review, then the proposal builder. */
export default function AdminDesignPage() {
  const { data: design } = useAdminDesign(idParam(useParams().id));
  return (
    <>
      <AdminDesignDetailPage />
      {design && <AdminDesignProposal designId={design.id} />}
    </>
  );
}
