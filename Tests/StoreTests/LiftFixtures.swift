import Foundation

/// Training logs written the way each app writes them (headers, quoting, separators, dates and
/// byte-order marks as found in real exports), small enough to read.
enum LiftFixtures {
    /// Strong, 2019: semicolons, text quoted, a unit per row, RPE and both note columns, no
    /// duration, a byte-order mark.
    static let strong2019 =
        "\u{FEFF}Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes\n"
        + "2019-01-11 12:31:54;\"Leg\";\"Deadlift (Barbell)\";1;60;kg;5;;;;0;\"\";\"Felt strong\"\n"
        + "2019-01-11 12:31:54;\"Leg\";\"Deadlift (Barbell)\";2;80;kg;5;8;;;0;\"Belt on\";\"Felt strong\"\n"
        + "2019-01-11 12:31:54;\"Leg\";\"Squat (Barbell)\";1;70;kg;6;8.5;;;0;;\"Felt strong\"\n"
        + "2019-01-13 18:02:10;\"Push\";\"Bench Press (Barbell)\";1;135;lbs;8;;;;0;;\n"
        + "2019-01-13 18:02:10;\"Push\";\"Bench Press (Barbell)\";2;135;lbs;7;9;;;0;\"Paused, last rep\";\n"
        + "2019-01-13 18:02:10;\"Push\";\"Plank\";1;0;kg;0;;;;60;;\n"

    /// Strong, 2024: commas, 12-hour times with a narrow no-break space, durations, W/D/F set
    /// orders and Rest Timer rows; no unit anywhere (`--unit` says it).
    static let strong2024 =
        "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
        + "2024-03-01 7:12:05\u{202F}AM,Morning Push,1h 5m,Bench Press (Barbell),W,40,10,0,0,,,\n"
        + "2024-03-01 7:12:05\u{202F}AM,Morning Push,1h 5m,Bench Press (Barbell),Rest Timer,,,,90,,,\n"
        + "2024-03-01 7:12:05\u{202F}AM,Morning Push,1h 5m,Bench Press (Barbell),1,80,5,0,0,\"Slow, controlled\",,8\n"
        + "2024-03-01 7:12:05\u{202F}AM,Morning Push,1h 5m,Bench Press (Barbell),Rest Timer,,,,120,,,\n"
        + "2024-03-01 7:12:05\u{202F}AM,Morning Push,1h 5m,Bench Press (Barbell),D,60,8,0,0,,,9.5\n"
        + "2024-03-01 7:12:05\u{202F}AM,Morning Push,1h 5m,Bench Press (Barbell),F,60,4,0,0,,,10\n"
        + "2024-03-01 7:12:05\u{202F}AM,Morning Push,1h 5m,Plank,1,0,0,0,45,,,\n"
        + "2024-03-03 6:40:00 PM,Pull,45m,Pull Up,1,0,10,0,0,,,\n"
        + "2024-03-03 6:40:00 PM,Pull,45m,Pull Up,2,0,8,0,0,,,\n"

    /// Hevy, kg: every field quoted, set_index from 0, `1 Mar 2024, 07:12` dates.
    static let hevyKilograms = """
        "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"
        "Leg Day","1 Mar 2024, 07:12","1 Mar 2024, 08:03","Knees fine","Squat (Barbell)",,"Low bar","0","warmup","60","8",,,
        "Leg Day","1 Mar 2024, 07:12","1 Mar 2024, 08:03","Knees fine","Squat (Barbell)",,"Low bar","1","normal","100","5",,,"8"
        "Leg Day","1 Mar 2024, 07:12","1 Mar 2024, 08:03","Knees fine","Squat (Barbell)",,"Low bar","2","dropset","80","8",,,"9"
        "Leg Day","1 Mar 2024, 07:12","1 Mar 2024, 08:03","Knees fine","Leg Press (Machine)",,,"0","failure","150","12",,,"10"
        "Leg Day","1 Mar 2024, 07:12","1 Mar 2024, 08:03","Knees fine","Treadmill",,,"0","normal",,,"1.5","600",

        """

    /// Hevy, lb: the same columns with `weight_lbs` and `distance_miles`.
    static let hevyPounds = """
        "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_lbs","reps","distance_miles","duration_seconds","rpe"
        "Upper","12 Feb 2024, 18:30","12 Feb 2024, 19:15","","Bench Press (Barbell)",,,"0","normal","185","5",,,"7.5"
        "Upper","12 Feb 2024, 18:30","12 Feb 2024, 19:15","","Bench Press (Barbell)",,,"1","normal","185","5",,,"8"
        "Upper","12 Feb 2024, 18:30","12 Feb 2024, 19:15","","Bicep Curl (Dumbbell)",,,"0","normal","27.5","12",,,

        """

    /// FitNotes: one row per set, a day per workout, its own weight and unit columns.
    static let fitNotes = """
        Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time,Comment
        2024-06-01,Flat Barbell Bench Press,Chest,60.0,kgs,8,,,,
        2024-06-01,Flat Barbell Bench Press,Chest,62.5,kgs,6,,,,Tough
        2024-06-01,Plank,Abs,0.0,kgs,0,,,0:01:30,
        2024-06-03,Barbell Squat,Legs,100.0,kgs,5,,,,

        """
}
