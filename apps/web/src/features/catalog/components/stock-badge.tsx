import { Badge } from '../../../components/ui/badge';

export function StockBadge({ quantity }: { quantity: number }) {
  return quantity > 0 ? <Badge tone="success">In Stock</Badge> : <Badge tone="danger">Out of Stock</Badge>;
}
