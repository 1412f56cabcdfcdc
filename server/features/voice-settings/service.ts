// A member's voice defaults (Profile): read with the catalogue's view of them, and changed.
import type { VoiceSettings, VoiceSettingsPatch } from '../../../shared/schemas/voices';
import type { UserRow } from '../../db/schema';
import { NotFound } from '../../errors';
import {
  captionStyleOf,
  chooseNarration,
  memberDefaultVoice,
  type VoiceCatalog,
} from './narration-choice';
import type { VoiceSettingsRepository } from './repository';

export class VoiceSettingsService {
  constructor(
    private readonly repository: VoiceSettingsRepository,
    private readonly catalog: VoiceCatalog,
  ) {}

  get(user: UserRow): VoiceSettings {
    return {
      voiceId: memberDefaultVoice(this.catalog, user),
      voiceSpeed: user.voiceSpeed,
      captionStyle: captionStyleOf(user.captionStyle),
    };
  }

  async update(user: UserRow, patch: VoiceSettingsPatch): Promise<VoiceSettings> {
    // Checks the voice is offered; fields left out keep their stored value.
    const row = await this.repository.save(user.id, chooseNarration(this.catalog, user, patch));
    if (!row) throw new NotFound('Member not found');
    return this.get(row);
  }
}
