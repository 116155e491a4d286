import { describeDifferential } from './differentialSuite';

describeDifferential(2);
