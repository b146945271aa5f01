import { INTRO_VIDEO } from '@shop/contracts';
import { Dialog } from '../../../components/ui/dialog';

/**
 * The How It Works video in a modal: a six-second silent clip of the four steps, described in words beside it.
 * Focus starts on the close button and Tab reaches the player's own controls; the close button, Escape or a click
 * outside close it, and focus returns to the play button (the Dialog's behaviour). The video only loads when the
 * overlay opens.
 */
export function VideoOverlay({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="How It Works: the four steps"
      description="A short silent clip: share your floor plan, we design your space, approve and schedule, we deliver and install."
      size="lg"
    >
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
