import { DatePicker } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import { DATE_TIME_FORMAT } from '../fieldOptions';

/** A time span filter; its own chunk (antd's pickers), loaded by SearchForm only for an entity with one. */
export default function RangeInput(props: RangePickerProps) {
  return <DatePicker.RangePicker showTime format={DATE_TIME_FORMAT} {...props} />;
}
