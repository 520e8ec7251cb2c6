import { PERMISSION } from '../permissions.js';
import { MAX_FLOOR } from '../constants.js';
import { defineEntity } from '../schema/entity.js';
import { L, bool, int, ref, required, text } from '../schema/fields.js';

/** One floor of an elevator: the actual floor, what the display shows, and the gateway's floor codes. */
export const floorMapping = defineEntity({
  name: 'floorMapping',
  label: L('楼层对照', 'Floor mapping', 'Mappatura piani'),
  path: 'floorMappings',
  permission: PERMISSION.elevators,
  fields: {
    elevatorId: required(ref(L('电梯', 'Elevator', 'Ascensore'), 'elevator')),
    actualFloor: required(int(L('实际楼层', 'Actual floor', 'Piano reale'), { min: -10, max: MAX_FLOOR })),
    displayedFloor: required(text(L('显示楼层', 'Displayed floor', 'Piano visualizzato'), { max: 10 })),
    stopsAtFloor: required(bool(L('是否停靠', 'Stops at floor', 'Fermata al piano'))),
    statusFloorCode: required(
      text(L('状态楼层码(A0)', 'Status floor code (A0)', 'Codice piano di stato (A0)'), { max: 10 }),
    ),
    faultFloorCode: required(
      text(L('故障楼层码(MC)', 'Fault floor code (MC)', 'Codice piano guasto (MC)'), { max: 10 }),
    ),
  },
  filters: { elevatorId: 'eq' },
});
