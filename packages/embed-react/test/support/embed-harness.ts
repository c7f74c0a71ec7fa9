import { act, cleanup } from '@testing-library/react';
import { vi } from 'vitest';
import { ServiceBed } from '../../../embed-core/test/support/service-bed.ts';

export {
  DASHBOARD_URL,
  REPORT2_URL,
  REPORT_URL,
  flush,
  regionFilter,
  reportConfig,
} from '../../../embed-core/test/support/service-bed.ts';

/** embed-core's service bed with every step inside React's `act`, plus React cleanup. */
export class EmbedTestBed extends ServiceBed {
  /** Waits (on a busy machine, timers can lag) until a frame received `call`, e.g. `POST /report/load`. */
  async waitForCall(call: string): Promise<void> {
    await this.step(async () => {
      await vi.waitFor(() => {
        if (!this.calls().includes(call))
          throw new Error(`no ${call} yet: ${this.calls().join(', ')}`);
      });
    });
  }

  override dispose(): void {
    cleanup();
    super.dispose();
  }

  protected override async step(run: () => Promise<void>): Promise<void> {
    await act(run);
  }
}
