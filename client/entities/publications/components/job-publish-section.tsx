// The job form's 'Publish to': a checkbox per connected platform (the others with the way to
// connect them in Profile), who may watch on YouTube and Instagram, TikTok's own block with the
// creator's options when TikTok is ticked, and the review hold once any platform is. Each video the
// job completes is published this way.
import { TIMINGS } from '@shared/limits';
import { PLATFORMS, type Platform, type PublishTo } from '@shared/schemas/publishing';
import { useId } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { useConnections } from '@/entities/connections/api/get-connections';
import { useTikTokCreatorInfo } from '@/entities/connections/api/get-tiktok-creator-info';
import { useAppNavigation } from '@/lib/app-navigation';
import { type PlatformChoice, platformChoices, usesPrivacy } from '../publication-display';
import { ConnectionsGate, PlatformChoiceRow } from './platform-choice-row';
import { PrivacyPicker } from './privacy-picker';
import { ReviewHoldFields } from './review-hold-fields';
import { TikTokSettings } from './tiktok-settings';

/**
 * The connections' choices plus any platform the job publishes to that the server no longer
 * offers, so that it can still be unticked.
 */
function jobChoices(offered: PlatformChoice[], chosen: readonly Platform[]): PlatformChoice[] {
  const missing = chosen
    .filter((platform) => !offered.some((choice) => choice.platform === platform))
    .map((platform): PlatformChoice => ({ platform, kind: 'not_connected' }));
  return [...offered, ...missing].sort(
    (a, b) => PLATFORMS.indexOf(a.platform) - PLATFORMS.indexOf(b.platform),
  );
}

export function JobPublishSection({
  value,
  onChange,
  videoSeconds,
  error,
  showErrors = false,
}: {
  value: PublishTo;
  onChange: (value: PublishTo) => void;
  /** About how long the job's videos are, to warn when TikTok would refuse them. */
  videoSeconds: number;
  /** Why the choice cannot be saved yet (TikTok's privacy not chosen), once the member tried. */
  error?: string;
  /** The member tried to save: the review window's problem shows even if it was never touched. */
  showErrors?: boolean;
}) {
  const headingId = useId();
  const { navigate } = useAppNavigation();
  const connections = useConnections();
  const tiktokChecked = value.platforms.includes('tiktok');
  const creatorInfo = useTikTokCreatorInfo(tiktokChecked);
  const choices = connections.data
    ? jobChoices(platformChoices(connections.data), value.platforms)
    : [];

  const goToConnections = () =>
    navigate('profile', { anchor: 'connections', delayMs: TIMINGS.supportScrollDelayMs });

  const toggle = (platform: Platform, checked: boolean) =>
    onChange({
      ...value,
      platforms: checked
        ? [...value.platforms, platform]
        : value.platforms.filter((chosen) => chosen !== platform),
    });

  return (
    <Card>
      <CardContent className="grid gap-4 p-4 sm:p-6">
        <div className="grid gap-1">
          <h2 id={headingId} className="font-medium">
            Publish to
          </h2>
          <p className="text-muted-foreground text-sm">
            Each video this job completes is posted to the platforms ticked here. Leave them all
            unticked to keep the videos in your library only.
          </p>
        </div>
        <ConnectionsGate
          connections={connections}
          hasChoices={choices.length > 0}
          placeholderClassName="h-28"
        >
          <ul aria-labelledby={headingId} className="grid gap-2">
            {choices.map((choice) => (
              <li key={choice.platform}>
                <PlatformChoiceRow
                  choice={choice}
                  checked={value.platforms.includes(choice.platform)}
                  onToggle={(checked) => toggle(choice.platform, checked)}
                  onConnect={goToConnections}
                />
                {choice.platform === 'tiktok' && tiktokChecked && (
                  <TikTokSettings
                    query={creatorInfo}
                    value={value.tiktokPrivacyLevel ?? ''}
                    onChange={(level) => onChange({ ...value, tiktokPrivacyLevel: level })}
                    error={error}
                    label="Who can watch on TikTok"
                    duration={{ seconds: videoSeconds, subject: "This job's videos are about" }}
                    onConnect={goToConnections}
                  />
                )}
              </li>
            ))}
          </ul>
        </ConnectionsGate>
        {usesPrivacy(value.platforms) && (
          <PrivacyPicker
            value={value.privacy}
            onChange={(privacy) => onChange({ ...value, privacy })}
          />
        )}
        {value.platforms.length > 0 && (
          <ReviewHoldFields value={value} onChange={onChange} showErrors={showErrors} />
        )}
      </CardContent>
    </Card>
  );
}
