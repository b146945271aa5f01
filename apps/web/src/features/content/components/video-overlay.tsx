import { INTRO_VIDEO } from '@shop/contracts';
import { Dialog } from '../../../components/ui/dialog';

/**
 * The How It Works video in a modal: the close button, Escape or a click outside close it, and focus returns
 * to the play button (the Dialog's behaviour). The video only loads when the overlay opens.
 */
export function VideoOverlay({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="How It Works in one minute" size="lg">
      <video
        src={INTRO_VIDEO}
        controls
        autoPlay
        muted
        playsInline
        width={640}
        height={360}
        className="aspect-video w-full rounded-lg bg-navy-950"
        data-testid="intro-video"
      >
        Your browser cannot play this video.
      </video>
    </Dialog>
  );
}
