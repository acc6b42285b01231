import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import { actOnDevice, addDemoData, changeNetwork, scanDevice } from './service';

/**
 * Controls of the sandbox gateway, so a person (or a test) can finish every flow by hand: scanning
 * a QR or entering a pairing code, changing a device's connection, seeding blast targets.
 */
export function sandboxRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'sandboxScan', ({ body, user }) => scanDevice(ctx, user, body));
  serve(app, ctx, 'sandboxDevice', ({ body, user }) => actOnDevice(ctx, user, body));
  serve(app, ctx, 'sandboxNetwork', ({ body, user }) => changeNetwork(ctx, user, body));
  serve(app, ctx, 'sandboxDemoData', ({ body, user }) => addDemoData(ctx, user, body));
}
