import { PageHeader } from '../../../components/ui/page-header';
import { DesignForm } from '../components/design-form';

/** /user/submit-design: the same questionnaire and endpoint as the home page, with a design name (decisions.md D9). */
export default function SubmitDesignPage() {
  return (
    <>
      <PageHeader
        title="Submit New Design"
        description="Send us your floor plan or design file, or tell us what you need."
      />
      <div className="max-w-3xl">
        <DesignForm variant="customer" />
      </div>
    </>
  );
}
