// SQL for uploads: which of a member's uploaded images something still uses (a video request's
// source image, a Creator Engine job's logo, a submission's screenshot, a storyboard's shot).
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export class UploadsRepository {
  constructor(private readonly db: Database) {}

  async referencedBy(userId: string): Promise<Set<string>> {
    const result = await this.db.execute<{ url: string }>(sql`
      select source_image_url as url from video_creation_requests
        where user_id = ${userId} and source_image_url is not null
      union
      select source_image_url from video_jobs
        where user_id = ${userId} and source_image_url is not null
      union
      select screenshot_url from submissions
        where user_id = ${userId} and screenshot_url is not null
      union
      -- The images and clips a storyboard's shots show (a draft, or one a render still reads).
      select jsonb_path_query(board, '$.scenes[*].shots[*].visual ? (@.source == "image" || @.source == "clip").id') #>> '{}'
        from storyboards where user_id = ${userId}
      union
      select jsonb_path_query(settings, '$.sourceImageUrl ? (@ != null)') #>> '{}'
        from storyboards where user_id = ${userId}
      union
      select jsonb_path_query(settings, '$.sceneImageUrls[*]') #>> '{}'
        from storyboards where user_id = ${userId}`);
    return new Set(result.rows.map((row) => row.url));
  }
}
