/** Part 2 of the engine teeth (engine-teeth.ts): every engine check that claims a fault catches it. */
import { engineTeethPart } from './engine-teeth.ts';

engineTeethPart(2);
