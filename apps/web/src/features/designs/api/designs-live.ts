import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AppNotification } from '@shop/contracts';
import { readAgain } from '../../../lib/query-client';
import { useRealtimeEvent, useRealtimeReconnect } from '../../../lib/realtime-client';
import { designKeys } from './designs-api';

/**
 * While a design screen is open: a design submitted or reviewed meanwhile (a 'design_submission' or
 * 'design_update' notification) reads the designs again, so the list and the detail show it without a reload;
 * so does a reconnection, which brought no events for what happened while it was down.
 */
export function useDesignsLive() {
  const client = useQueryClient();
  const onNotification = useCallback(
    ({ notification }: { notification: AppNotification }) => {
      if (notification.data.type === 'design_submission' || notification.data.type === 'design_update')
        void client.invalidateQueries({ queryKey: designKeys.all });
    },
    [client],
  );
  useRealtimeEvent('notification', onNotification);
  const onReconnect = useCallback(() => {
    void readAgain(client, designKeys.all);
  }, [client]);
  useRealtimeReconnect(onReconnect);
}
