// The deal screens' forms put server errors on their fields like every form (components/ui/forms).
export { showFieldErrors } from '../../../components/ui/forms/field-errors';
