import { ServiceBed } from '../support/service-bed.ts';

export {
  DASHBOARD_URL,
  REPORT2_URL,
  REPORT_URL,
  flush,
  regionFilter,
  reportConfig,
} from '../support/service-bed.ts';

/** The shared service bed plus one container element for the controller to mount into. */
export class ControllerBed extends ServiceBed {
  readonly element = document.body.appendChild(document.createElement('div'));
}
