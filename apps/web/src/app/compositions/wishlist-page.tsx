import DesignsLikedPage from '../../features/favorites/pages/designs-liked-page';
import { RequestQuoteAction } from '../../features/proposals/components/request-quote';

/** /user/designs-liked: the wishlist, with the "Request a quote" action under its heading while it has products. */
export default function WishlistPage() {
  return <DesignsLikedPage likedAction={<RequestQuoteAction />} />;
}
