import { useParams } from 'react-router';
import AdminDesignDetailPage from '../../features/designs/pages/admin-design-detail-page';
import { useAdminDesign } from '../../features/designs/api/designs-api';
import { AdminDesignProposal } from '../../features/proposals/components/admin-design-proposal';

/** /admin/design/view/{id}: the design and its review, then the proposal builder. */
export default function AdminDesignPage() {
  const id = Number(useParams().id);
  const { data: design } = useAdminDesign(Number.isInteger(id) && id > 0 ? id : null);
  return (
    <>
      <AdminDesignDetailPage />
      {design && <AdminDesignProposal designId={design.id} />}
    </>
  );
}
