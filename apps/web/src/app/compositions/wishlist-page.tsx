import DesignsLikedPage from '../../features/favorites/pages/designs-liked-page';
import { RequestQuoteAction } from '../../features/proposals/components/request-quote';

/** /user/designs-liked: the wishlist, with the "Request a quote" action above it. */
export default function WishlistPage() {
  return (
    <>
      <RequestQuoteAction />
      <DesignsLikedPage />
    </>
  );
}
