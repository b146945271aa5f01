// The deal screens' forms use the web app's one contract resolver (components/ui/forms).
export { contractResolver } from '../../../components/ui/forms/contract-resolver';
