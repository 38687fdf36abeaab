import { describe, expect, it } from 'vitest';
import {
  clutterExtraLossMessage,
  clutterHeightMessage,
  defaultRadioSettings,
  radioSettings,
  RELIABILITY_MESSAGE,
  TIME_PERCENT_MESSAGE,
} from '../../../common/api/radioSettings.js';
import { radioFormOf, withDefaultProfile, withoutProfile } from './radioSettingsForm.js';

describe('radio settings form', () => {
  const saved = defaultRadioSettings({ gainDbi: 23, heightM: 6 });

  it('shows the saved settings as text, and the contract reads them back unchanged', () => {
    const form = radioFormOf(saved);
    expect(form.itm.time_percent).toBe('50');
    expect(form.cpe_profiles[0]).toEqual({ name: 'Roof antenna', gain_dbi: '23', height_m: '6', least_usable_signal_dbm: '-80', is_default: true });
    expect(radioSettings.parse(form)).toEqual(saved);
  });

  it('keeps the calibration switch, reliability, range and spread through the form (a save does not reset them)', () => {
    const tuned = { ...saved, calibration: true, reliability_percent: 90, calibration_range_m: 2500, prediction_spread_db: 8.5 };
    const form = radioFormOf(tuned);
    expect([form.calibration, form.reliability_percent, form.calibration_range_m, form.prediction_spread_db]).toEqual([true, '90', '2500', '8.5']);
    expect(radioSettings.parse(form)).toEqual(tuned);
  });

  it('refuses a reliability outside 50 to 99 percent on its field', () => {
    const result = radioSettings.safeParse({ ...radioFormOf(saved), reliability_percent: '100' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['reliability_percent', RELIABILITY_MESSAGE]]);
  });

  it('names the field of a value out of range by its path in the form', () => {
    const form = radioFormOf(saved);
    const result = radioSettings.safeParse({ ...form, itm: { ...form.itm, time_percent: '100' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['itm.time_percent', TIME_PERCENT_MESSAGE]]);
  });

  it('shows each clutter class as text and reads a typed change back as numbers', () => {
    const form = radioFormOf(saved);
    expect(form.clutter_classes.trees).toEqual({ height_m: '15', extra_loss_db: '0' });
    expect(form.clutter_classes.water).toEqual({ height_m: '0', extra_loss_db: '0' });
    const changed = radioSettings.parse({ ...form, clutter_classes: { ...form.clutter_classes, urban: { height_m: '22.5', extra_loss_db: '6' } } });
    expect(changed.clutter_classes.urban).toEqual({ height_m: 22.5, extra_loss_db: 6 });
  });

  it('names the clutter class field of a height or an extra loss out of range', () => {
    const form = radioFormOf(saved);
    const result = radioSettings.safeParse({
      ...form,
      clutter_classes: { ...form.clutter_classes, trees: { height_m: '51', extra_loss_db: '0' }, water: { height_m: '0', extra_loss_db: '-1' } },
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['clutter_classes.trees.height_m', clutterHeightMessage('trees')],
      ['clutter_classes.water.extra_loss_db', clutterExtraLossMessage('water')],
    ]);
  });

  it('keeps exactly one default profile when one is chosen or the default is removed', () => {
    const profiles = radioFormOf(saved).cpe_profiles;
    expect(withDefaultProfile(profiles, 1).map((profile) => profile.is_default)).toEqual([false, true]);
    expect(withoutProfile(profiles, 0).map((profile) => [profile.name, profile.is_default])).toEqual([['Long-range dish', true]]);
    expect(withoutProfile(withDefaultProfile(profiles, 1), 0).map((profile) => profile.is_default)).toEqual([true]);
  });
});
